import type { MessageKey } from './messages.js';
import type { Translate } from './translator.js';

/**
 * A stat category (`mining`) or advancement tab (`nether`) as the pages name it: the message
 * table's label when it has one, else the id with its first letter capitalised (datapack
 * namespaces).
 */
export function categoryLabel(t: Translate, category: string): string {
  const key = `category.${category}` as MessageKey;
  const label = t(key);
  return label === key || label === '' ? category.charAt(0).toUpperCase() + category.slice(1).replaceAll('_', ' ') : label;
}
