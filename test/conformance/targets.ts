/**
 * Where the conformance requests go: a base URL per target, started here and stopped by `close`.
 * Runtimes run a bundle of the application made as a Worker's bundler would make it; frameworks
 * run in this process with the examples' own mounting code. Everything here comes from the test
 * matrix: import this module only after `useMatrix()` said it is installed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve as honoServe } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import type { Snapshot } from '@blockstats/core';
import { createRouter } from '@blockstats/server';
import { mountBlockstats } from '../../examples/express.js';
import { blockstatsFrameworkErrors, blockstatsPlugin } from '../../examples/fastify.js';
import { blockstatsApp } from '../../examples/hono.js';
import { matrixBin } from '../support/matrix.js';
import { CONFORMANCE_BASE_URL, CONFORMANCE_NOW } from './app.js';

/** A running target. */
export interface Target {
  origin: string;
  close(): Promise<void>;
}

/** Starts a child that prints `listening PORT`; rejects with its output when it exits first. */
function listeningChild(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Target> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening (\d+)/.exec(output);
      if (match) {
        child.stdout!.off('data', onData);
        resolve({
          origin: `http://127.0.0.1:${match[1]}`,
          close: () => new Promise((done) => {
            child.once('exit', () => done());
            try {
              process.kill(-child.pid!, 'SIGTERM');
            } catch {
              done();
            }
          }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}) before listening:\n${output}`)));
  });
}

export const startBun = (bundle: string) => listeningChild(matrixBin('bun'), [fileURLToPath(new URL('bun-server.mjs', import.meta.url)), bundle]);

export const startDeno = (bundle: string) =>
  listeningChild(matrixBin('deno'), ['run', '--quiet', '--no-prompt', '--allow-net=127.0.0.1', `--allow-read=${bundle}`, fileURLToPath(new URL('deno-server.mjs', import.meta.url)), bundle], { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' });

/** workerd through Miniflare (what `wrangler dev` runs), serving the worker bundle over loopback. */
export async function startWorkerd(bundle: string): Promise<Target> {
  const { Miniflare } = await import('miniflare');
  const mf = new Miniflare({ modules: true, scriptPath: bundle, modulesRoot: dirname(bundle), compatibilityDate: '2026-04-01', host: '127.0.0.1', port: 0 });
  const url = await mf.ready;
  return { origin: url.origin, close: () => mf.dispose() };
}

/** A fresh router for a framework target, configured as the conformance application's. */
const frameworkRouter = (snapshot: Snapshot, basePath: string) =>
  createRouter({ snapshot: () => snapshot, clock: () => CONFORMANCE_NOW, random: () => 0.25, baseUrl: CONFORMANCE_BASE_URL, basePath, site: { externalImages: false } });

export function startExpress(snapshot: Snapshot, basePath: string): Promise<Target> {
  // The host app's own header (Express adds it to everything) is not the router's answer.
  const app = express().disable('x-powered-by');
  // A route of the host app beside the mount (not `/`: mounted at the root, the website's home is there).
  app.get('/host-app', (_req, res) => void res.send('the host app'));
  mountBlockstats(app, frameworkRouter(snapshot, basePath), basePath);
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve({
      origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise((done) => server.close(() => done())),
    }));
  });
}

export function startHono(snapshot: Snapshot, basePath: string): Promise<Target> {
  const api = blockstatsApp(frameworkRouter(snapshot, basePath));
  const app = basePath === '' ? api : new Hono().route(basePath, api);
  return new Promise((resolve) => {
    const server = honoServe({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve({
      origin: `http://127.0.0.1:${info.port}`,
      close: () => new Promise((done) => server.close(() => done())),
    }));
  });
}

export async function startFastify(snapshot: Snapshot, basePath: string): Promise<Target> {
  const router = frameworkRouter(snapshot, basePath);
  const app = Fastify({ frameworkErrors: blockstatsFrameworkErrors(router) });
  await app.register(blockstatsPlugin(router), { prefix: basePath });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { origin: origin.replace('localhost', '127.0.0.1'), close: () => app.close() };
}
