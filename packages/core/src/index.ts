/**
 * @blockstats/core: read a Minecraft server's world save and compute its public statistics.
 *
 * Pure functions over plain data; file reading is confined to the `save` module at the edge.
 */
export type * from './save/types.js';
export type * from './catalogue/types.js';
export { statCatalogue, findStat } from './catalogue/stat-catalogue.js';
export { statTotal } from './catalogue/stat-total.js';
export { value } from './value/value.js';
export type { Value } from './value/value.js';
export { formatNumber } from './value/format-number.js';
export { advancementCatalogue, findAdvancement, namespacedAdvancementId } from './catalogue/advancement-catalogue.js';
export { advancementSource, vanillaAdvancementsFor } from './catalogue/advancement-source.js';
export { milestoneBeats } from './catalogue/milestone-beats.js';
