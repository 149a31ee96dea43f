//! The schema of each backend as numbered migrations (`migrations/BACKEND/NNNN_NAME.sql`),
//! checked in and applied in order when a store opens; each database records the ones it has in
//! `schema_migrations`, so a migration runs once, and a new one runs on every existing database.

/// One step of a schema.
pub(crate) struct Migration {
    /// Its number: migrations run in this order.
    pub version: i64,
    /// What it does, in a word.
    pub name: &'static str,
    /// Its SQL.
    pub sql: &'static str,
}

/// SQLite's schema.
pub(crate) const SQLITE: &[Migration] = &[
    Migration {
        version: 1,
        name: "games",
        sql: include_str!("../migrations/sqlite/0001_games.sql"),
    },
    Migration {
        version: 2,
        name: "snapshots",
        sql: include_str!("../migrations/sqlite/0002_snapshots.sql"),
    },
];

/// PostgreSQL's schema.
pub(crate) const POSTGRES: &[Migration] = &[
    Migration {
        version: 1,
        name: "games",
        sql: include_str!("../migrations/postgres/0001_games.sql"),
    },
    Migration {
        version: 2,
        name: "drivers",
        sql: include_str!("../migrations/postgres/0002_drivers.sql"),
    },
    Migration {
        version: 3,
        name: "instances",
        sql: include_str!("../migrations/postgres/0003_instances.sql"),
    },
    Migration {
        version: 4,
        name: "owners",
        sql: include_str!("../migrations/postgres/0004_owners.sql"),
    },
    Migration {
        version: 5,
        name: "snapshots",
        sql: include_str!("../migrations/postgres/0005_snapshots.sql"),
    },
    Migration {
        version: 6,
        name: "creators",
        sql: include_str!("../migrations/postgres/0006_creators.sql"),
    },
    Migration {
        version: 7,
        name: "instance_leases",
        sql: include_str!("../migrations/postgres/0007_instance_leases.sql"),
    },
];

/// The table where a database records its migrations (the same on both backends).
pub(crate) const TABLE: &str = "CREATE TABLE IF NOT EXISTS schema_migrations (
    version BIGINT PRIMARY KEY,
    name TEXT NOT NULL,
    applied BIGINT NOT NULL
)";

/// The migrations of `all` not yet `applied`, in order.
pub(crate) fn pending<'a>(all: &'a [Migration], applied: &[i64]) -> Vec<&'a Migration> {
    let mut left: Vec<&Migration> = all
        .iter()
        .filter(|m| !applied.contains(&m.version))
        .collect();
    left.sort_by_key(|m| m.version);
    left
}

/// Seconds since 1970, for `applied`.
pub(crate) fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_numbered_from_one_without_gaps() {
        for all in [SQLITE, POSTGRES] {
            let versions: Vec<i64> = all.iter().map(|m| m.version).collect();
            let expected: Vec<i64> = (1..=i64::try_from(all.len()).unwrap_or(0)).collect();
            assert_eq!(versions, expected);
        }
    }

    #[test]
    fn only_the_migrations_not_applied_are_pending_in_order() {
        let all = [
            Migration {
                version: 2,
                name: "b",
                sql: "",
            },
            Migration {
                version: 1,
                name: "a",
                sql: "",
            },
            Migration {
                version: 3,
                name: "c",
                sql: "",
            },
        ];
        let left: Vec<i64> = pending(&all, &[1]).iter().map(|m| m.version).collect();
        assert_eq!(left, [2, 3]);
        assert!(pending(&all, &[1, 2, 3]).is_empty());
    }
}
