// Package tests holds btlua's end-to-end tests: scripts run through the
// host in fast mode with their output compared to golden files, the seed
// scripts of the Lua behavior-tree series pasted unchanged, and bad input.
package tests
