// axios, built the way axios.create() builds an instance, from the package's own modules
// (axios exports them as "axios/unsafe/*"; the version is pinned in package.json). Importing these
// instead of "axios" leaves out what the one JSON helper never uses: the callable wrapper and the
// static helpers (CancelToken, toFormData, spread, the HttpStatusCode table, ...). In the browser
// bundle the fetch adapter is left out too (build.mjs), as axios's own "browser" field leaves out the
// Node http adapter: the default adapter list ['xhr', 'http', 'fetch'] picks XMLHttpRequest there.
import Axios from "axios/unsafe/core/Axios.js";
import mergeConfig from "axios/unsafe/core/mergeConfig.js";
import defaults from "axios/unsafe/defaults/index.js";

/** A real Axios instance (request, get, post, ..., interceptors) with axios's defaults under config. */
export const createTransport = (config) => new Axios(mergeConfig(defaults, config));
