CREATE UNLOGGED TABLE "api_rate_windows" (
	"token_id" uuid PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
