import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { advancementCatalogue } from '../../packages/core/src/catalogue/advancement-catalogue.js';
import { criteriaAddedIn } from './criteria-added-in.js';
import { serverClock } from './timeline.js';

const current = new Map(advancementCatalogue.filter((a) => a.removedInDataVersion === null).map((a) => [a.id, a]));

describe('criteriaAddedIn', () => {
  // Guards against drift from the core catalogue: a renamed criterion or advancement would
  // silently make its entry here dead, and the demo would award it from opening day.
  test('names only current advancements and their own criteria', () => {
    for (const [id, criteria] of Object.entries(criteriaAddedIn)) {
      const adv = current.get(id);
      assert.ok(adv, `${id} is a 1.21.11 advancement of the core catalogue`);
      for (const criterion of Object.keys(criteria)) {
        assert.ok(adv.criteria.includes(criterion), `${criterion} is a criterion of ${id}`);
      }
    }
  });

  test('dates every criterion to a version the demo server ran after opening day', () => {
    const clock = serverClock(Date.parse('2026-11-16T12:00:00Z'));
    for (const [id, criteria] of Object.entries(criteriaAddedIn)) {
      for (const [criterion, version] of Object.entries(criteria)) {
        const at = clock.availableFrom(version);
        assert.ok(at > clock.opened && at <= clock.now, `${id} ${criterion} (${version})`);
      }
    }
  });
});
