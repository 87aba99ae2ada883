// What a V8 heap snapshot holds (issue 42): the classes with the most bytes of their own, and the
// objects and classes that retain the most (V8's dominator tree, weak edges left out, as DevTools
// computes it). Reads the snapshot's number arrays straight from the file's bytes, so a snapshot
// larger than V8's longest string (~512 MB) reads too.
// Usage: node --max-old-space-size=6000 --conditions=source --import tsx bench/heapTop.ts FILE.heapsnapshot [rows=40] [class to break down by retainer …]
import { readFileSync } from 'node:fs';

interface Meta {
  node_fields: string[];
  node_types: [string[], ...unknown[]];
  edge_fields: string[];
  edge_types: [string[], ...unknown[]];
}

/** The numbers of the JSON array that starts after `key` in `bytes`. */
function numbers(bytes: Buffer, key: string, count: number): Uint32Array {
  let at = bytes.indexOf(`"${key}":[`);
  if (at < 0) throw new Error(`no ${key} in the snapshot`);
  at += key.length + 4;
  const out = new Uint32Array(count);
  let n = 0;
  let value = 0;
  let inNumber = false;
  for (; n < count; at++) {
    const c = bytes[at]!;
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      inNumber = true;
    } else if (inNumber) {
      out[n++] = value;
      value = 0;
      inNumber = false;
      if (c === 93) break;
    }
  }
  return out;
}

function main(): void {
  const [file, rowsText = '40', ...breakdown] = process.argv.slice(2);
  if (!file) throw new Error('usage: heapTop.ts FILE.heapsnapshot [rows] [class …]');
  const rows = Number(rowsText);
  const bytes = readFileSync(file);
  const headEnd = bytes.indexOf('"nodes":[');
  const head = JSON.parse(`${bytes.subarray(0, headEnd).toString('utf8').replace(/,\s*$/, '')}}`) as { snapshot: { meta: Meta; node_count: number; edge_count: number } };
  const { meta, node_count: nodeCount, edge_count: edgeCount } = head.snapshot;
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const nodes = numbers(bytes, 'nodes', nodeCount * nf);
  const edges = numbers(bytes, 'edges', edgeCount * ef);
  const stringsAt = bytes.indexOf('"strings":[');
  const stringsEnd = bytes.indexOf(']', bytes.lastIndexOf('"'));
  const strings = JSON.parse(bytes.subarray(stringsAt + 10, stringsEnd + 1).toString('utf8')) as string[];
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const [typeF, nameF, sizeF, countF] = ['type', 'name', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f)) as [number, number, number, number];
  const [eTypeF, eNameF, eToF] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f)) as [number, number, number];
  const weak = edgeTypes.indexOf('weak');
  const shortcut = edgeTypes.indexOf('shortcut');
  const firstEdge = new Uint32Array(nodeCount + 1);
  for (let i = 0; i < nodeCount; i++) firstEdge[i + 1] = firstEdge[i]! + nodes[i * nf + countF]!;
  const property = edgeTypes.indexOf('property');
  /** A plain Object's first property names (its shape), so that objects of different shapes are told apart. */
  const shapeOf = (i: number): string => {
    const names: string[] = [];
    for (let e = firstEdge[i]!; e < firstEdge[i + 1]! && names.length < 6; e++) {
      if (edges[e * ef + eTypeF] === property) names.push(strings[edges[e * ef + eNameF]!]!);
    }
    return `{${names.join(',')}}`;
  };
  const className = (i: number): string => {
    const type = nodeTypes[nodes[i * nf + typeF]!]!;
    const name = strings[nodes[i * nf + nameF]!]!;
    if (type === 'object' && name === 'Object') return `object:Object${shapeOf(i)}`.slice(0, 100);
    if (type === 'object' || type === 'native' || type === 'closure' || type === 'hidden' || type === 'synthetic') return `${type}:${name}`.slice(0, 80);
    return `(${type})`;
  };

  // Own bytes by class.
  const own = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  for (let i = 0; i < nodeCount; i++) {
    const key = className(i);
    const size = nodes[i * nf + sizeF]!;
    total += size;
    const entry = own.get(key) ?? { bytes: 0, count: 0 };
    entry.bytes += size;
    entry.count++;
    own.set(key, entry);
  }
  const mb = (n: number): string => (n / 1048576).toFixed(1);
  console.log(`nodes ${nodeCount}, edges ${edgeCount}, own bytes ${mb(total)} MB`);
  console.log('\n# own bytes by class (MB, count, bytes each)');
  for (const [key, v] of [...own].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, rows)) console.log(`${mb(v.bytes).padStart(8)} ${String(v.count).padStart(9)} ${(v.bytes / v.count).toFixed(0).padStart(6)}  ${key}`);

  // Dominators (Cooper, Harvey, Kennedy) over the strong edges from the root (node 0).
  const retained = (edge: number): boolean => {
    const t = edges[edge * ef + eTypeF]!;
    return t !== weak && t !== shortcut;
  };
  const order = new Int32Array(nodeCount).fill(-1); // postorder number
  const byOrder = new Uint32Array(nodeCount);
  const stack = new Uint32Array(nodeCount);
  const cursor = new Uint32Array(nodeCount);
  const visited = new Uint8Array(nodeCount);
  let post = 0;
  let sp = 0;
  stack[sp++] = 0;
  visited[0] = 1;
  cursor[0] = firstEdge[0]!;
  while (sp > 0) {
    const v = stack[sp - 1]!;
    let pushed = false;
    while (cursor[v]! < firstEdge[v + 1]!) {
      const e = cursor[v]!++;
      if (!retained(e)) continue;
      const w = edges[e * ef + eToF]! / nf;
      if (visited[w]) continue;
      visited[w] = 1;
      cursor[w] = firstEdge[w]!;
      stack[sp++] = w;
      pushed = true;
      break;
    }
    if (!pushed) {
      sp--;
      order[v] = post;
      byOrder[post++] = v;
    }
  }
  // Predecessors of each reachable node.
  const predCount = new Uint32Array(nodeCount + 1);
  for (let v = 0; v < nodeCount; v++) {
    if (!visited[v]) continue;
    for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e++) if (retained(e)) predCount[edges[e * ef + eToF]! / nf + 1]!++;
  }
  for (let i = 0; i < nodeCount; i++) predCount[i + 1]! += predCount[i]!;
  const preds = new Uint32Array(predCount[nodeCount]!);
  const fill = predCount.slice(0, nodeCount);
  for (let v = 0; v < nodeCount; v++) {
    if (!visited[v]) continue;
    for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e++) if (retained(e)) preds[fill[edges[e * ef + eToF]! / nf]!++] = v;
  }
  const idom = new Int32Array(nodeCount).fill(-1);
  idom[0] = 0;
  const intersect = (a: number, b: number): number => {
    while (a !== b) {
      while (order[a]! < order[b]!) a = idom[a]!;
      while (order[b]! < order[a]!) b = idom[b]!;
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = post - 2; k >= 0; k--) {
      const v = byOrder[k]!;
      let d = -1;
      for (let p = predCount[v]!; p < predCount[v + 1]!; p++) {
        const u = preds[p]!;
        if (idom[u] === -1) continue;
        d = d === -1 ? u : intersect(u, d);
      }
      if (d !== -1 && idom[v] !== d) {
        idom[v] = d;
        changed = true;
      }
    }
  }
  const kept = new Float64Array(nodeCount);
  for (let k = 0; k < post; k++) {
    const v = byOrder[k]!;
    kept[v]! += nodes[v * nf + sizeF]!;
    if (v !== 0) kept[idom[v]!]! += kept[v]!;
  }
  console.log(`\nreachable ${post} nodes, ${mb(kept[0]!)} MB`);
  // Retained by class: each node counted unless a node of the same class dominates it.
  const byClass = new Map<string, { bytes: number; count: number }>();
  for (let k = 0; k < post; k++) {
    const v = byOrder[k]!;
    const key = className(v);
    let d = idom[v]!;
    let nested = false;
    while (d !== 0) {
      if (className(d) === key) {
        nested = true;
        break;
      }
      d = idom[d]!;
      break; // the immediate dominator only: deep walks are slow on long chains
    }
    if (nested) continue;
    const entry = byClass.get(key) ?? { bytes: 0, count: 0 };
    entry.bytes += kept[v]!;
    entry.count++;
    byClass.set(key, entry);
  }
  console.log('\n# retained by class (MB, count)');
  for (const [key, v] of [...byClass].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, rows)) console.log(`${mb(v.bytes).padStart(8)} ${String(v.count).padStart(9)}  ${key}`);
  console.log('\n# largest single retainers');
  const top = [...Array(post).keys()].map((k) => byOrder[k]!).sort((a, b) => kept[b]! - kept[a]!).slice(0, rows);
  for (const v of top) console.log(`${mb(kept[v]!).padStart(8)}  ${className(v)}  <- ${className(idom[v]!)}`);

  // For each class asked: its own bytes by what holds it (the holder's class and the edge's name).
  for (const wanted of breakdown) {
    const holders = new Map<string, { bytes: number; count: number }>();
    for (let v = 0; v < nodeCount; v++) {
      for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e++) {
        const w = edges[e * ef + eToF]! / nf;
        if (className(w) !== wanted || !retained(e)) continue;
        const t = edgeTypes[edges[e * ef + eTypeF]!];
        const name = t === 'element' || t === 'hidden' ? `[${t}]` : strings[edges[e * ef + eNameF]!];
        const key = `${className(v)} .${name}`;
        const entry = holders.get(key) ?? { bytes: 0, count: 0 };
        entry.bytes += nodes[w * nf + sizeF]!;
        entry.count++;
        holders.set(key, entry);
      }
    }
    console.log(`\n# ${wanted}: own bytes by holder`);
    for (const [key, v] of [...holders].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, rows)) console.log(`${mb(v.bytes).padStart(8)} ${String(v.count).padStart(9)}  ${key}`);
  }
}

main();
