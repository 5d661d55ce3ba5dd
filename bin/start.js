// `npm start`: the server, compiled from dist/ when fresh, else from src/ through tsx (bin/entry.js).
import { importEntry } from './entry.js';

await (await importEntry('main')).main();
