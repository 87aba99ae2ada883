// Serves the conformance bundle (argv[2]) with Bun.serve on a free port; prints `listening PORT`.
const { dispatch } = await import(process.argv[2]);
const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request, srv) => dispatch(request, srv) });
console.log(`listening ${server.port}`);
