import { usePage } from '../PageContext.js';

/** The switch's choices, in order, with their labels: `auto` follows the system. */
const CHOICES = [['auto', 'theme.auto'], ['light', 'theme.light'], ['dark', 'theme.dark']] as const;

/**
 * The theme switch of every page: a labelled select (auto, light, dark) that site.js wires to
 * `<html data-theme>` and localStorage, and the head's inline script applies before the first
 * paint. Hidden until the script runs: without JavaScript a page follows the system's scheme,
 * and a control that does nothing would only mislead.
 */
export function ThemeSwitch() {
  const { t } = usePage();
  return (
    <div class="theme" data-needs-script hidden>
      <label for="theme-choice">{t('theme.label')}</label>
      <select id="theme-choice" data-theme-switch>
        {CHOICES.map(([value, label]) => <option value={value}>{t(label)}</option>)}
      </select>
    </div>
  );
}
