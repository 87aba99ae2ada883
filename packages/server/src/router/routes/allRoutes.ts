import type { RouteDefinition } from '../RouteDefinition.js';
import { boardCardRoutes } from './boardCardRoutes.js';
import { communityRoutes } from './communityRoutes.js';
import { crownRoutes } from './crownRoutes.js';
import { embedRoutes } from './embedRoutes.js';
import { metaRoutes } from './metaRoutes.js';
import { periodRoutes } from './periodRoutes.js';
import { playersRoutes } from './playersRoutes.js';
import { serverAndFunRoutes } from './serverAndFunRoutes.js';
import { statisticsRoutes } from './statisticsRoutes.js';

/**
 * Every route, in matching order. Within a group, more specific paths come before the greedy
 * ones they overlap (advancement holders before the single advancement).
 */
export const allRoutes: readonly RouteDefinition[] = [
  ...metaRoutes,
  ...periodRoutes,
  ...statisticsRoutes,
  ...playersRoutes,
  ...communityRoutes,
  ...crownRoutes,
  ...serverAndFunRoutes,
  ...embedRoutes,
  ...boardCardRoutes,
];
