// A linked parent's steady reads, in a process of their own (forked by run.ts): 200 reads a second of their
// children's places, each a disclosure the access log records (DESIGN §6). Apart from the measuring autocannon, so
// that the two clients do not share one event loop and the figure beside it is the server's, not the client's.
import autocannon from 'autocannon';

const { BASE, TOKEN, PATHS, SECONDS } = process.env as Record<string, string>;
const requests = PATHS!.split(',').map((path) => ({ method: 'GET' as const, path }));
const headers = { authorization: `Bearer ${TOKEN}`, accept: 'application/ld+json' };
const r = await autocannon({ url: BASE!, connections: 4, overallRate: 200, duration: Number(SECONDS), requests, headers });
process.send!({ requests: r.requests.total, rps: Math.round(r.requests.average), non2xx: r.non2xx, errors: r.errors + r.timeouts });
