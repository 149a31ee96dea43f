//! The commits of a batch written together: whatever the number of games in a batch, a handful
//! of statements (each over arrays, `unnest`), not a handful per game, so that PostgreSQL's work
//! and the round trips of a batch do not grow with the games in it. The ownership of every
//! commit that names its owner is checked first, its lease row locked, in the order of the games.

use super::{failure, seq, NOW_MS};
use crate::{Change, Commit, ErrorKind, StoreError};
use postgres::Transaction;

/// Locks the lease rows of the commits in `changes` that name their owner, in the order of
/// their games, and refuses the transaction ([`ErrorKind::NotOwner`]) if one is not its
/// owner's (any more): nothing of it is written then.
pub(super) fn check_owners(
    tx: &mut Transaction<'_>,
    changes: &[&Change],
) -> Result<(), StoreError> {
    let mut owned: Vec<(&str, &str)> = changes
        .iter()
        .filter_map(|c| match c {
            Change::Commit(Commit {
                id,
                owner: Some(owner),
                ..
            }) => Some((id.as_str(), owner.as_str())),
            _ => None,
        })
        .collect();
    if owned.is_empty() {
        return Ok(());
    }
    owned.sort_unstable();
    owned.dedup();
    let games: Vec<&str> = owned.iter().map(|(g, _)| *g).collect();
    let owners: Vec<&str> = owned.iter().map(|(_, o)| *o).collect();
    // Locked in the order of the games (the sort is below the lock), so that two transactions
    // never wait on each other in a circle.
    let held = tx
        .query(
            &format!(
                "SELECT d.game FROM drivers d
                 JOIN unnest($1::text[], $2::text[]) AS o(game, instance)
                   ON d.game = o.game AND d.instance = o.instance
                 JOIN instances i ON i.instance = d.instance AND i.expires >= {NOW_MS}
                 ORDER BY d.game FOR SHARE OF d"
            ),
            &[&games, &owners],
        )
        .map_err(failure)?;
    if held.len() == owned.len() {
        return Ok(());
    }
    let lost = games
        .iter()
        .find(|g| !held.iter().any(|row| row.get::<_, &str>(0) == **g))
        .copied()
        .unwrap_or_default();
    Err(StoreError::new(
        ErrorKind::NotOwner,
        format!("game {lost} is owned by another instance now"),
    ))
}

/// Writes `commits` (of different games) within `tx`.
pub(super) fn write_commits(
    tx: &mut Transaction<'_>,
    commits: &[&Commit],
) -> Result<(), StoreError> {
    if commits.is_empty() {
        return Ok(());
    }
    let ids: Vec<&str> = commits.iter().map(|c| c.id.as_str()).collect();
    let at: Vec<i64> = commits.iter().map(|c| c.at).collect();
    let changed = tx
        .execute(
            "UPDATE games SET updated = u.at
             FROM unnest($1::text[], $2::bigint[]) AS u(id, at) WHERE games.id = u.id",
            &[&ids, &at],
        )
        .map_err(failure)?;
    if changed != commits.len() as u64 {
        return Err(StoreError::new(
            ErrorKind::NotFound,
            "no such game in the database",
        ));
    }
    // The events: their numbers are the key, so a change whose numbers another server took is
    // refused, and nothing of the transaction is written.
    let mut games = Vec::new();
    let mut numbers = Vec::new();
    let mut bodies = Vec::new();
    for c in commits {
        for (n, body) in &c.events {
            games.push(c.id.as_str());
            numbers.push(i64::try_from(*n).unwrap_or(i64::MAX));
            bodies.push(body.as_str());
        }
    }
    if !games.is_empty() {
        tx.execute(
            "INSERT INTO events (game, n, body)
             SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[])",
            &[&games, &numbers, &bodies],
        )
        .map_err(failure)?;
    }
    write_actions(tx, commits)?;
    let rooms: Vec<(&str, &str)> = commits
        .iter()
        .filter_map(|c| c.room.as_deref().map(|r| (c.id.as_str(), r)))
        .collect();
    if !rooms.is_empty() {
        let (ids, rooms): (Vec<&str>, Vec<&str>) = rooms.into_iter().unzip();
        tx.execute(
            "UPDATE games SET room = u.room
             FROM unnest($1::text[], $2::text[]) AS u(id, room) WHERE games.id = u.id",
            &[&ids, &rooms],
        )
        .map_err(failure)?;
    }
    write_snapshots(tx, commits)?;
    for c in commits {
        if let Some((seeds, opening)) = &c.start {
            tx.execute(
                "UPDATE games SET player_seeds = $2, opening = $3 WHERE id = $1",
                &[&c.id, seeds, opening],
            )
            .map_err(failure)?;
        }
    }
    Ok(())
}

/// The actions of `commits`: each game's from its index on replaced (an undo takes actions
/// back).
fn write_actions(tx: &mut Transaction<'_>, commits: &[&Commit]) -> Result<(), StoreError> {
    let replaced: Vec<(&Commit, usize, &Vec<String>)> = commits
        .iter()
        .filter_map(|c| c.actions.as_ref().map(|(from, new)| (*c, *from, new)))
        .collect();
    if replaced.is_empty() {
        return Ok(());
    }
    // Only an undo has rows to delete: a batch of appends looks for none (`Commit::takes_back`).
    let (ids, froms): (Vec<&str>, Vec<i32>) = replaced
        .iter()
        .filter(|(c, _, _)| c.takes_back)
        .map(|(c, from, _)| (c.id.as_str(), seq(*from)))
        .unzip();
    if !ids.is_empty() {
        tx.execute(
            "DELETE FROM actions a USING unnest($1::text[], $2::int[]) AS d(game, seq)
             WHERE a.game = d.game AND a.seq >= d.seq",
            &[&ids, &froms],
        )
        .map_err(failure)?;
    }
    let mut games = Vec::new();
    let mut seqs = Vec::new();
    let mut tokens = Vec::new();
    for (c, from, new) in &replaced {
        for (i, action) in new.iter().enumerate() {
            games.push(c.id.as_str());
            seqs.push(seq(from + i));
            tokens.push(action.as_str());
        }
    }
    if !games.is_empty() {
        tx.execute(
            "INSERT INTO actions (game, seq, action)
             SELECT * FROM unnest($1::text[], $2::int[], $3::text[])",
            &[&games, &seqs, &tokens],
        )
        .map_err(failure)?;
    }
    Ok(())
}

/// The snapshots of `commits`: each replaces its game's last, and a commit whose actions go back
/// before its game's last snapshot (an undo) removes it.
fn write_snapshots(tx: &mut Transaction<'_>, commits: &[&Commit]) -> Result<(), StoreError> {
    let (ids, froms): (Vec<&str>, Vec<i32>) = commits
        .iter()
        .filter(|c| c.takes_back)
        .filter_map(|c| {
            c.actions
                .as_ref()
                .map(|(from, _)| (c.id.as_str(), seq(*from)))
        })
        .unzip();
    if !ids.is_empty() {
        tx.execute(
            "DELETE FROM snapshots s USING unnest($1::text[], $2::int[]) AS d(game, seq)
             WHERE s.game = d.game AND s.actions > d.seq",
            &[&ids, &froms],
        )
        .map_err(failure)?;
    }
    let mut ids = Vec::new();
    let mut ats = Vec::new();
    let mut bodies = Vec::new();
    for c in commits {
        if let Some((at, body)) = &c.snapshot {
            ids.push(c.id.as_str());
            ats.push(seq(*at));
            bodies.push(body.as_str());
        }
    }
    if !ids.is_empty() {
        tx.execute(
            "INSERT INTO snapshots (game, actions, body)
             SELECT * FROM unnest($1::text[], $2::int[], $3::text[])
             ON CONFLICT (game) DO UPDATE SET actions = excluded.actions, body = excluded.body",
            &[&ids, &ats, &bodies],
        )
        .map_err(failure)?;
    }
    Ok(())
}
