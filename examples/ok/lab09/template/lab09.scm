; Lab 9: Scheme part

(define (over-twice lst)
  ; the elements of lst greater than twice the first one
  'YOUR-CODE-HERE)
