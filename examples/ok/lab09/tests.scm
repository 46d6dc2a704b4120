; Scheme tests of lab09.scm, run by ok's scheme_test source with the course's interpreter.
(load 'lab09)

(over-twice '(1 2 3))
; expect (1 1 2 2 3 3)
