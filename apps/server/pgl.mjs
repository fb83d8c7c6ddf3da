import { PGlite } from '@electric-sql/pglite';
let t=Date.now(); const db = await PGlite.create(); console.log('create', Date.now()-t);
await db.exec('create table a(id int); insert into a values (1)');
t=Date.now(); const dump = await db.dumpDataDir('none'); console.log('dump', Date.now()-t, dump.size);
t=Date.now(); const db2 = await PGlite.create({loadDataDir: dump}); console.log('load', Date.now()-t, (await db2.query('select * from a')).rows);
t=Date.now(); const db3 = await PGlite.create(); console.log('create2', Date.now()-t);
