import { styleText } from 'node:util';
import type { CliIo, CliStream } from '../io.js';

type Style = Parameters<typeof styleText>[0];

/** Colour helpers bound to one output stream: plain text unless that stream is a colour terminal. */
export interface Colors {
  enabled: boolean;
  paint(style: Style, text: string): string;
}

/**
 * Colour is on for a TTY unless `NO_COLOR` is set (https://no-color.org); `FORCE_COLOR` turns
 * it on anywhere (and `FORCE_COLOR=0` off).
 */
export function colorsFor(stream: CliStream, env: CliIo['env']): Colors {
  const force = env.FORCE_COLOR;
  const enabled = force !== undefined && force !== ''
    ? force !== '0' && force !== 'false'
    : Boolean(stream.isTTY) && (env.NO_COLOR === undefined || env.NO_COLOR === '') && env.TERM !== 'dumb';
  return {
    enabled,
    paint(style, text) {
      if (!enabled || text === '') return text;
      // styleText checks the real process's streams by default; we have already decided.
      return styleText(style, text, { validateStream: false });
    },
  };
}
