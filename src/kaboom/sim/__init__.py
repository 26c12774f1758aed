"""Simulation: many games between bots, their statistics, stories and benchmarks."""
