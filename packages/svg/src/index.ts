/**
 * @blockstats/svg: badges, player cards and board cards as SVG strings. Imports no Node built-in and no native
 * module, so it runs in any JavaScript runtime; PNG rendering is in `@blockstats/svg/png`.
 */
export { badge, type BadgeOptions } from './badge.js';
export { boardCard, type BoardCardData, type BoardCardOptions, type BoardCardRow } from './board-card.js';
export { capText, cleanText, isolateText, removeControls } from './clean-text.js';
export { el, type AttrValue, type Child, type Markup } from './el.js';
export { errorBadge } from './error-badge.js';
export { escapeXml } from './escape-xml.js';
export { fitText } from './fit-text.js';
export { FONT_FAMILY } from './font.js';
export { palette, type PaletteName } from './palette.js';
export { playerCard, PLAYER_CARD_LABELS, type PlayerCardData, type PlayerCardLabels, type PlayerCardOptions } from './player-card.js';
export { resolveColor } from './resolve-color.js';
export { svgHeaders } from './svg-headers.js';
export { textColorOn, type TextColors } from './text-color-on.js';
export { textWidth, type TextWidthOptions } from './text-width.js';
