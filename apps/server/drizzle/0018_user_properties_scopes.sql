DROP INDEX "user_properties_scope_key";--> statement-breakpoint
ALTER TABLE "user_properties" ADD COLUMN "cycle_id" uuid;--> statement-breakpoint
ALTER TABLE "user_properties" ADD COLUMN "module_id" uuid;--> statement-breakpoint
ALTER TABLE "user_properties" ADD CONSTRAINT "user_properties_cycle_id_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_properties" ADD CONSTRAINT "user_properties_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_properties_cycle_key" ON "user_properties" USING btree ("user_id","cycle_id") WHERE "user_properties"."cycle_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_properties_module_key" ON "user_properties" USING btree ("user_id","module_id") WHERE "user_properties"."module_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_properties_scope_key" ON "user_properties" USING btree ("user_id","workspace_id","project_id") WHERE "user_properties"."project_id" is not null and "user_properties"."cycle_id" is null and "user_properties"."module_id" is null;