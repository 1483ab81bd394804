// Debounce with a maximum wait: the call runs `wait` ms after the last trigger, but never later
// than `maxWait` ms after the first trigger of a burst (lookups: 200 ms and 500 ms).
export function debounceMaxWait(fn, wait, maxWait, clock = Date) {
  let timer = null;
  let burstStart = null;
  let lastArgs = null;
  const fire = () => {
    timer = null;
    burstStart = null;
    fn(...lastArgs);
  };
  const debounced = (...args) => {
    lastArgs = args;
    const now = clock.now();
    if (burstStart === null) burstStart = now;
    if (timer) clearTimeout(timer);
    timer = setTimeout(fire, Math.max(0, Math.min(wait, burstStart + maxWait - now)));
  };
  debounced.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    burstStart = null;
  };
  return debounced;
}
