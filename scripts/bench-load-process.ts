/**
 * The load generator in its own process (LOCAL-STACK.md: inside the server's process it measures
 * the event loop, not the API). Prints one JSON line: the sorted latencies, failures and rate.
 * Usage: tsx scripts/bench-load-process.ts URL CONNECTIONS SECONDS
 */
import { load } from './bench-support';

const [url = '', connections = '50', seconds = '10'] = process.argv.slice(2);
const result = await load(url, Number(connections), Number(seconds));
process.stdout.write(JSON.stringify(result));
