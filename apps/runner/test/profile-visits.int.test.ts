/**
 * De-risks what a profile visit tells about the lead: the profile the network shows fills in the
 * lead's empty fields (its URL, names, headline, company, summary), and what the user gave stays.
 */
import { describe, expect, it } from 'vitest';
import {
  allLeads,
  allLeadsDone,
  drive,
  MONDAY_TEN_AM,
  seedScenario,
  startWorld,
  step,
  type World,
} from './support/runner-harness.js';

let world: World;

describe('a profile visit', () => {
  it("fills in the lead's empty profile fields and never overwrites what the user gave", async () => {
    world = await startWorld({}, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      leads: [
        { publicIdentifier: 'grace-hopper' },
        { publicIdentifier: 'ada-lovelace', firstName: 'Augusta', headline: 'Countess of Lovelace' },
      ],
      steps: [step('visit_profile')],
    });

    await drive(world, scenario, [world.runner()], { until: allLeadsDone(world, scenario), maxDays: 1 });

    const byIdentifier = new Map(
      (await allLeads(world, scenario)).map((lead) => [lead.publicIdentifier, lead]),
    );
    const grace = byIdentifier.get('grace-hopper');
    expect(grace?.networkUrl).toMatch(/grace-hopper$/);
    expect([grace?.firstName, grace?.lastName, grace?.name]).toEqual(['Grace', 'Hopper', 'Grace Hopper']);
    expect(grace?.headline).toMatch(/ at /);
    expect(grace?.companyName).not.toBe('');
    expect(grace?.summary).toMatch(/^Grace works at /);
    const ada = byIdentifier.get('ada-lovelace');
    expect(ada?.networkUrl).toMatch(/ada-lovelace$/);
    expect([ada?.firstName, ada?.lastName, ada?.headline]).toEqual([
      'Augusta',
      'Lovelace',
      'Countess of Lovelace',
    ]);
  });
});
