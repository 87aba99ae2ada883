/** Mobs without a spawn egg, shown by the face of their own texture or by the mob they look like. */
const MOB_FACES: Readonly<Record<string, string>> = {
  player: 'player_head',
  giant: 'zombie_head',
  illusioner: 'face_illusioner',
};

/**
 * The icon of a mob (a registry path such as `creeper`): its spawn egg, which since 1.21.5
 * pictures the mob itself; a player is a player's head.
 *
 * @example
 * mobIcon('creeper'); // 'creeper_spawn_egg'
 * mobIcon('player'); // 'player_head'
 */
export function mobIcon(mob: string): string {
  return MOB_FACES[mob] ?? `${mob}_spawn_egg`;
}
