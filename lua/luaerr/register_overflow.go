package luaerr

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"
)

// maxRegisters is gopher-lua's compiler's limit of registers in one
// function (PUC Lua 5.1's is about 250).
const maxRegisters = 200

// registerOverflow rewords gopher-lua's "register overflow" compile
// error, which names no line in a main chunk (its line is the function's
// first, 0 for the main chunk): when an expression in src nests deeper
// than the registers a function has (a table constructor or a call
// inside another, 200000 times), it returns the line where it passes
// that depth and "expression nested too deeply (over 200 levels of
// table constructors, calls or operands; register overflow)"; else
// the function overflowed with locals, and it returns line and
// "too many local variables or temporaries in the function at line N
// (over 200 registers; register overflow)" ("in the main chunk").
func registerOverflow(src []byte, line int) (int, string) {
	chunk, err := parse.Parse(bytes.NewReader(src), "")
	if err == nil {
		if at := deepStmts(chunk, 0); at > 0 {
			return at, deepMessage()
		}
	}
	where := "the main chunk"
	if line > 0 {
		where = fmt.Sprintf("the function at line %d", line)
	}
	return line, fmt.Sprintf("too many local variables or temporaries in %s (over %d registers; register overflow)", where, maxRegisters)
}

// isRegisterOverflow reports whether msg is gopher-lua's register
// overflow ("register overflow", "register overflow(too many local
// variables)").
func isRegisterOverflow(msg string) bool { return strings.HasPrefix(msg, "register overflow") }

// deepStmts returns the line of the first expression of stmts nested
// more than maxRegisters deep (depth the nesting around stmts), 0 when
// none is.
func deepStmts(stmts []ast.Stmt, depth int) int { return firstDeep(stmts, depth, deepStmt) }

// deepStmt is deepStmts for one statement.
func deepStmt(s ast.Stmt, depth int) int {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return first(deepExprs(s.Lhs, depth), deepExprs(s.Rhs, depth))
	case *ast.LocalAssignStmt:
		return deepExprs(s.Exprs, depth)
	case *ast.FuncCallStmt:
		return deepExpr(s.Expr, depth)
	case *ast.DoBlockStmt:
		return deepStmts(s.Stmts, depth)
	case *ast.WhileStmt:
		return first(deepExpr(s.Condition, depth), deepStmts(s.Stmts, depth))
	case *ast.RepeatStmt:
		return first(deepStmts(s.Stmts, depth), deepExpr(s.Condition, depth))
	case *ast.IfStmt:
		return first(deepExpr(s.Condition, depth), deepStmts(s.Then, depth), deepStmts(s.Else, depth))
	case *ast.NumberForStmt:
		return first(deepExpr(s.Init, depth), deepExpr(s.Limit, depth), deepExpr(s.Step, depth), deepStmts(s.Stmts, depth))
	case *ast.GenericForStmt:
		return first(deepExprs(s.Exprs, depth), deepStmts(s.Stmts, depth))
	case *ast.FuncDefStmt:
		return deepExpr(s.Func, depth)
	case *ast.ReturnStmt:
		return deepExprs(s.Exprs, depth)
	}
	return 0
}

// deepExprs is deepStmts for expressions.
func deepExprs(es []ast.Expr, depth int) int { return firstDeep(es, depth, deepExpr) }

// firstDeep returns the first line deep gives for the nodes of xs, in
// order, 0 when it gives none.
func firstDeep[T any](xs []T, depth int, deep func(T, int) int) int {
	for _, x := range xs {
		if at := deep(x, depth); at > 0 {
			return at
		}
	}
	return 0
}

// deepExpr is deepStmts for one expression at depth: each table
// constructor, call and right operand holds a register while the
// expressions inside it are computed, so it counts a level; a binary
// operator's left operand reuses the operator's register. A function
// has registers of its own: its body starts again at 0.
func deepExpr(e ast.Expr, depth int) int {
	if e == nil {
		return 0
	}
	if depth > maxRegisters {
		return e.Line()
	}
	in := depth + 1
	switch e := e.(type) {
	case *ast.AttrGetExpr:
		return first(deepExpr(e.Object, depth), deepExpr(e.Key, in))
	case *ast.TableExpr:
		for _, f := range e.Fields {
			if at := first(deepExpr(f.Key, in), deepExpr(f.Value, in)); at > 0 {
				return at
			}
		}
	case *ast.FuncCallExpr:
		return first(deepExpr(e.Func, in), deepExpr(e.Receiver, in), deepExprs(e.Args, in))
	case *ast.LogicalOpExpr:
		return first(deepExpr(e.Lhs, depth), deepExpr(e.Rhs, in))
	case *ast.RelationalOpExpr:
		return first(deepExpr(e.Lhs, depth), deepExpr(e.Rhs, in))
	case *ast.StringConcatOpExpr:
		return first(deepExpr(e.Lhs, in), deepExpr(e.Rhs, in))
	case *ast.ArithmeticOpExpr:
		return first(deepExpr(e.Lhs, depth), deepExpr(e.Rhs, in))
	case *ast.UnaryMinusOpExpr:
		return deepExpr(e.Expr, depth)
	case *ast.UnaryNotOpExpr:
		return deepExpr(e.Expr, depth)
	case *ast.UnaryLenOpExpr:
		return deepExpr(e.Expr, depth)
	case *ast.FunctionExpr:
		return deepStmts(e.Stmts, 0)
	}
	return 0
}

// first returns the first of lines that is not 0, 0 when all are.
func first(lines ...int) int {
	for _, l := range lines {
		if l > 0 {
			return l
		}
	}
	return 0
}

// deepMessage is the message of an expression nested too deeply.
func deepMessage() string {
	return fmt.Sprintf("expression nested too deeply (over %d levels of table constructors, calls or operands; register overflow)", maxRegisters)
}
