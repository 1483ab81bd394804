// The lint configuration lives beside the client's packages; see client/eslint.config.mjs.
export { default } from "./client/eslint.config.mjs";
