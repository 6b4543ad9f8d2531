-- spieltisch's schema, version 1: every record the sled store keeps, one row each, the
-- record itself as the same JSON text sled holds (so a migration copies it byte for byte).

-- Tables: `revision` counts the commits (the optimistic lock of several processes);
-- `due_at` is the table's next timer in table time, `lease_owner`/`lease_until` (wall clock,
-- ms) the process that claimed it.
CREATE TABLE tables (
    id BIGINT PRIMARY KEY,
    channel TEXT NOT NULL,
    is_open BOOLEAN NOT NULL,
    revision BIGINT NOT NULL,
    due_at BIGINT,
    lease_owner TEXT,
    lease_until BIGINT,
    record TEXT NOT NULL
);
CREATE INDEX tables_open ON tables (id) WHERE is_open;
CREATE INDEX tables_due ON tables (due_at) WHERE due_at IS NOT NULL;

-- Who sits at each open table (written with the table): a process finds a user's tables
-- here, also those another process opened.
CREATE TABLE seats (
    table_id BIGINT NOT NULL,
    user_id TEXT NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
CREATE INDEX seats_user ON seats (user_id);

-- Each channel's current table.
CREATE TABLE channels (
    channel TEXT PRIMARY KEY,
    table_id BIGINT NOT NULL
);

-- Every table's move log.
CREATE TABLE log_entries (
    table_id BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);

-- Counters and clocks: last_table_id, last_result, downtime, heartbeat.
CREATE TABLE counters (
    name TEXT PRIMARY KEY,
    value BIGINT NOT NULL
);

-- Users' settings per community; `timed` when they hold a timer (a digest, a vacation).
CREATE TABLE prefs (
    community TEXT NOT NULL,
    user_id TEXT NOT NULL,
    timed BOOLEAN NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (community, user_id)
);
CREATE INDEX prefs_timed ON prefs (community) WHERE timed;

-- Finished games' results, numbered.
CREATE TABLE results (
    number BIGINT PRIMARY KEY,
    record TEXT NOT NULL
);

-- Each player's results per community.
CREATE TABLE history (
    community TEXT NOT NULL,
    player TEXT NOT NULL,
    number BIGINT NOT NULL,
    PRIMARY KEY (community, player, number)
);

-- Ratings; `revision` as for tables.
CREATE TABLE ratings (
    community TEXT NOT NULL,
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    revision BIGINT NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (community, game, player)
);

-- Tournaments; `revision` as for tables.
CREATE TABLE tournaments (
    id BIGINT PRIMARY KEY,
    channel TEXT NOT NULL,
    is_open BOOLEAN NOT NULL,
    revision BIGINT NOT NULL,
    record TEXT NOT NULL
);

-- The newest tournament of each channel.
CREATE TABLE tournament_channels (
    channel TEXT PRIMARY KEY,
    tournament_id BIGINT NOT NULL
);

-- Timers other than a table's (digests, vacations, tournament rounds, lobbies): who fires
-- each, until when (wall clock, ms).
CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    until BIGINT NOT NULL
);
