//! Tests of the network, its files and its training.
