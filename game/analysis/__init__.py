"""Double-dummy analysis on the play core: exact trick values of every card.

>>> from game.analysis import solve
"""

from .solve_game import solve, solve_bounds
from .solver import OutOfBudget, Solver, analyse

__all__ = ["OutOfBudget", "Solver", "analyse", "solve", "solve_bounds"]
