// Serves the conformance bundle (first argument) with Deno.serve on a free port; prints `listening PORT`.
const { dispatch } = await import(new URL(Deno.args[0], 'file://').href);
Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: ({ port }) => console.log(`listening ${port}`) }, (request, info) => dispatch(request, info));
