// Spec 2: browsers without CSS variable support go to /old-browser.html unless the local-storage
// flag `ignoreBrowserCheck` is set. Inline in <head> so it runs before anything else.
export const IGNORE_BROWSER_CHECK_KEY = 'ignoreBrowserCheck';

export const browserCheckScript = `(function(){try{var ok=window.CSS&&CSS.supports&&CSS.supports('--a','0');if(!ok&&!localStorage.getItem('${IGNORE_BROWSER_CHECK_KEY}')&&location.pathname!=='/old-browser.html'){location.replace('/old-browser.html')}}catch(e){}})();`;
