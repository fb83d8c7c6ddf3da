// `node scripts/cluster/s3.mjs <port> <dir> <bucket>`: the cluster's S3-compatible file store
// (s3rver, the server tests' own), so that every app node sees the same files.
import S3rver from 's3rver';

const [port, directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
await server.run();
console.log(`s3rver on 127.0.0.1:${port}, bucket ${bucket}`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close().finally(() => process.exit(0)));
}
