/**
 * The handler of the function benchmarks, as source: the runner loads it as a function's `index.js`
 * (`module.exports = HELLO_HANDLER`) and the bare node:http baseline evaluates the same text.
 */
export const HELLO_HANDLER = `(req, res) => {
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end('Hello from a Nimbus function: ' + req.url);
}`;
