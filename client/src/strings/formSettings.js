// The served form's settings that shape how its words read (language, date_style, time_zone), kept
// when the compiled form arrives (api/client.js) for code that has no compiled form at hand (the
// receipt in the account menu). Tiny on purpose: the sign-in pages' bundle carries it.
let current = {};

export function applyFormSettings(settings) {
  current = settings || {};
}

export const formSettings = () => current;
