// The staff page's transport: the browser's fetch, same-origin, with the HttpOnly staff cookie. The
// staff page is a bundle of its own making a handful of JSON calls (staff/api.js), so it does not
// load axios, which the applicant client's one JSON helper uses (client.js); see docs/client.md.
export const staffFetch = (path, init) => fetch(path, init);
