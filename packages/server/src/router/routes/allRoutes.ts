import type { RouteDefinition } from '../RouteDefinition.js';
import { metaRoutes } from './metaRoutes.js';

/** Every route, in matching order (more specific paths before the greedy ones they overlap). */
export const allRoutes: readonly RouteDefinition[] = [...metaRoutes];
