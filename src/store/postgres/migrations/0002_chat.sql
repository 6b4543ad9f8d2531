-- The chats' memory: records a chat adapter keeps across restarts (private replies waiting
-- for a player, the commands of long buttons, declined direct rooms), under keys that start
-- with the adapter's prefix.
CREATE TABLE chat_records (
    key TEXT PRIMARY KEY,
    record TEXT NOT NULL
);
