import { createDatabaseSync, postgres } from "../support/postgres.ts";

const s = await postgres();
console.log(createDatabaseSync(s));
setInterval(() => {}, 1000);
