//! # qiyuan-xiangqi
//!
//! Xiangqi (象棋) rules: board, legal moves, FEN, notations, repetition and
//! the Asian rules on perpetual check and chase. Pure: no I/O.
#![warn(missing_docs)]
