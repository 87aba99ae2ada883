import type { Messages } from '../site/messages.js';
import { en } from '../site/messages.js';
import type { CatalogueTranslation } from './CatalogueTranslation.js';
import { LANGUAGES, type Language } from './languages.js';
import { de as deCatalogue } from './catalogue/de.js';
import { de as deMessages } from '../site/messages/de.js';
import { fr as frCatalogue } from './catalogue/fr.js';
import { fr as frMessages } from '../site/messages/fr.js';
import { es as esCatalogue } from './catalogue/es.js';
import { es as esMessages } from '../site/messages/es.js';
import { ptBR as ptBRCatalogue } from './catalogue/pt-BR.js';
import { ptBR as ptBRMessages } from '../site/messages/pt-BR.js';
import { ru as ruCatalogue } from './catalogue/ru.js';
import { ru as ruMessages } from '../site/messages/ru.js';
import { pl as plCatalogue } from './catalogue/pl.js';
import { pl as plMessages } from '../site/messages/pl.js';
import { zhCN as zhCNCatalogue } from './catalogue/zh-CN.js';
import { zhCN as zhCNMessages } from '../site/messages/zh-CN.js';
import { tr as trCatalogue } from './catalogue/tr.js';
import { tr as trMessages } from '../site/messages/tr.js';
import { ja as jaCatalogue } from './catalogue/ja.js';
import { ja as jaMessages } from '../site/messages/ja.js';

/** Everything one shipped language provides. */
export interface Translation {
  readonly language: Language;
  /** The site's messages. */
  readonly messages: Messages;
  /** The game's names, or null for English (the catalogue's own). */
  readonly catalogue: CatalogueTranslation | null;
}

const tables: Readonly<Record<string, Pick<Translation, 'messages' | 'catalogue'>>> = {
  en: { messages: en, catalogue: null },
  de: { messages: deMessages, catalogue: deCatalogue },
  fr: { messages: frMessages, catalogue: frCatalogue },
  es: { messages: esMessages, catalogue: esCatalogue },
  'pt-BR': { messages: ptBRMessages, catalogue: ptBRCatalogue },
  ru: { messages: ruMessages, catalogue: ruCatalogue },
  pl: { messages: plMessages, catalogue: plCatalogue },
  'zh-CN': { messages: zhCNMessages, catalogue: zhCNCatalogue },
  tr: { messages: trMessages, catalogue: trCatalogue },
  ja: { messages: jaMessages, catalogue: jaCatalogue },
};

/**
 * The shipped languages with their tables, by tag.
 *
 * @example
 * translations.get('de')?.messages['nav.players']; // 'Spieler'
 */
export const translations: ReadonlyMap<string, Translation> = new Map(
  LANGUAGES.filter((language) => Object.hasOwn(tables, language.tag)).map((language) => [language.tag, { language, ...tables[language.tag]! }]),
);
