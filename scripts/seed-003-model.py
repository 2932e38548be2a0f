#!/usr/bin/env python3
"""A model of the dog puzzle blog post's Java search (kalmas/squareshack, as
quoted in the post),
to check where its "Solved it in 14411 tries" comes from.

Pieces as in the post: new Piece(name, 0, top, right, bottom, left), a rotation r
turns a piece r quarter turns clockwise (side i, clockwise from the top, shows
edge (i - r) mod 4; worked out from the blog's printed solution). Cells are
filled row by row; every remaining oriented piece examined is one try. Prints
the tries to the first solution and that solution for the piece orders tried.
"""
G,B,Y,C='G','B','Y','C'
F,R='+','-'
pieces={'A':[(G,R),(B,R),(Y,R),(C,R)],'B':[(G,F),(B,F),(Y,F),(C,R)],'C':[(C,F),(G,F),(Y,F),(B,R)],
'D':[(C,F),(Y,R),(B,F),(G,F)],'E':[(G,R),(B,F),(Y,F),(C,R)],'F':[(G,F),(B,R),(Y,R),(C,F)],
'G':[(Y,F),(G,F),(C,F),(B,F)],'H':[(G,F),(B,F),(Y,R),(C,F)],'I':[(Y,F),(B,F),(C,F),(G,R)]}
names='ABCDEFGHI'
# sides clockwise: 0 top,1 right,2 bottom,3 left; rotation r (cw): side i shows e[(i-r)%4]
def show(p,r,i): return pieces[p][(i-r)%4]
def fit(a,b): return a[0]==b[0] and a[1]!=b[1]
def run(cands):
    tries=0
    seq=[]
    def playable(p,r):
        k=len(seq)
        ok=True
        if k%3: ok = ok and fit(show(*seq[k-1],1), show(p,r,3))
        if k>=3: ok = ok and fit(show(*seq[k-3],2), show(p,r,0))
        return ok
    def play(avail):
        nonlocal tries
        for (p,r) in avail:
            tries+=1
            if playable(p,r):
                seq.append((p,r))
                if len(seq)==9: return True
                if play([c for c in avail if c[0]!=p]): return True
                seq.pop()
        return False
    play(cands)
    return tries, ' '.join(f'{p}{r}' for p,r in seq)
print("pieces A..I, clockwise turns 0,1,2,3 (the seed's Rotator):", run([(p, r) for p in names for r in range(4)]))
print("pieces A..I, counter-clockwise turns (unscramble's order):", run([(p, r) for p in names for r in (0, 3, 2, 1)]))
