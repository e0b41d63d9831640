// The fraud-detection script (services/risk.ts), served by Nimbus itself at /api/v1/risk/script.js
// on the production host. Hand-written rather than a vendor's library: it reads a handful of
// browser values and counts events, and must send nothing to anyone but Nimbus. It posts its
// signals once on load, on the first submit of a form, and when the page asks (`flush`, which the
// sign-up form awaits before it registers).
export const RISK_SCRIPT = `(() => {
  if (window.__nimbusRisk) return;
  let pointer = 0, keys = 0, formStart = null;
  const cap = (n) => Math.min(n, 100000);
  addEventListener('pointermove', () => { pointer = cap(pointer + 1); }, { capture: true, passive: true });
  addEventListener('pointerdown', () => { pointer = cap(pointer + 1); }, { capture: true, passive: true });
  addEventListener('keydown', () => { keys = cap(keys + 1); }, { capture: true, passive: true });
  addEventListener('input', (event) => {
    if (formStart === null && event.target && event.target.closest && event.target.closest('form')) formStart = Date.now();
  }, { capture: true, passive: true });
  const signals = () => {
    let timeZone;
    try { timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch {}
    return {
      webdriver: navigator.webdriver === true,
      formMs: formStart === null ? undefined : Date.now() - formStart,
      pointerEvents: pointer,
      keyEvents: keys,
      timeZone: typeof timeZone === 'string' ? timeZone.slice(0, 64) : undefined,
      language: typeof navigator.language === 'string' ? navigator.language.slice(0, 35) : undefined,
      languages: Math.min((navigator.languages || []).length, 100),
      plugins: Math.min((navigator.plugins || []).length, 1000),
      outerWidth: Math.min(Math.max(0, Math.round(window.outerWidth || 0)), 100000),
    };
  };
  const flush = () =>
    fetch('/api/v1/risk/signals', {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signals()),
    }).then(() => undefined, () => undefined);
  window.__nimbusRisk = { flush };
  addEventListener('submit', () => { void flush(); }, { capture: true, once: true });
  void flush();
})();
`;
