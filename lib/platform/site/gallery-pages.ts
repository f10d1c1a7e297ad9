/**
 * Large galleries (issue #36): a fan's page carries the first photos of a gallery, the rest come
 * a page at a time as they move through it, so a 5,000-photo gallery is never a 5,000-item
 * payload. Pure and client-safe: the player, the event page and the photos API share it.
 */

/** Photos each further page of the API answers. */
export const GALLERY_PAGE_SIZE = 60;

/**
 * Photos a player page carries: what a phone shows at first (the photo and a strip of
 * thumbnails) with room to move, no more, since each costs markup and hydration on a fan's
 * phone (Lighthouse's blocking time); the next page is asked for well before the fan gets there.
 */
export const PLAYER_FIRST_PHOTOS = 24;

/** Photos of each gallery shown on an event page; its player shows the rest. */
export const EVENT_PAGE_PHOTOS = 24;

/** Photos asked for by id at once ("My favourites" of a large gallery). */
export const GALLERY_IDS_MAX = 200;
