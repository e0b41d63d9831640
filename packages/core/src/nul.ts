// A NUL byte (U+0000) in an address, raw or percent-encoded: no page or route takes one, and
// PostgreSQL refuses it in text. The API refuses it in its error envelope (packages/api/src/input.ts)
// and the front server answers page addresses holding one with a 400 (packages/api/src/dispatch.ts).
export const NUL_IN_URL = /%00|\u0000/;
