//! The guided first game.
