/**
 * The live stream's own event (DESIGN 5), beside the modules' domain events: the stream may have
 * missed events (a reconnect, the database's LISTEN down), so a client refetches all it shows.
 */
export const LIVE_RESYNC = 'resync';
