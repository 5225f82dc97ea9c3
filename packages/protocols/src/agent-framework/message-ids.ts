/**
 * Ids for messages whose producer gave none. Several decoders may feed one store (one per run),
 * so each decoder instance gets its own prefix: generated ids never collide with another run's.
 */
let instances = 0

export function createIdPrefix(protocol: string): string {
  instances += 1
  return `${protocol}-${instances}`
}
