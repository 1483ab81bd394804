// Stands in for axios's fetch adapter in the browser bundle (build.mjs): the helper's instance uses
// XMLHttpRequest, the first of axios's default adapters. Asking for `adapter: "fetch"` fails with
// axios's own "adapter fetch is not available in the build".
export const getFetch = () => undefined;
