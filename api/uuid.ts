/** Ids Askflow hands out (projects, threads, keys, tools, documents) are UUIDs; anything else is not found or invalid. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
