/** Node's arguments for starting the server as `npm start` does; tests and benchmarks that run the server as a process of its own start it the same way. */
export const SERVER_START_ARGS = ['src/server/launch.mjs'];
