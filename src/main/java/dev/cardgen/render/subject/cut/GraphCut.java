package dev.cardgen.render.subject.cut;

/**
 * Minimum s-t cut of a 4-connected pixel grid by the Boykov-Kolmogorov max-flow algorithm: two
 * search trees grow from the source (product) and the sink (backdrop) along unsaturated edges;
 * where they touch, the path is augmented, and the nodes cut off from their tree are re-adopted
 * or freed. On the near-planar graphs of images it beats the general algorithms by a wide margin.
 *
 * <p>Each pixel carries a terminal capacity (positive: towards the source, the cost of calling it
 * backdrop beyond the cost of calling it product; negative: towards the sink) and four edge
 * capacities (the cost of cutting it from that neighbour). After {@link #solve()}, {@link
 * #source(int)} tells which side of the minimum cut a pixel lies on.
 */
public final class GraphCut {

    /** Neighbour order: right, left, down, up; the reverse of direction k is k ^ 1. */
    private static final int RIGHT = 0, LEFT = 1, DOWN = 2, UP = 3;
    private static final byte FREE = 0, S = 1, T = 2;
    private static final byte TERMINAL = 4, NONE = -1;

    private final int w;
    private final int h;
    /** Index step to the neighbour in direction k (right, left, down, up). */
    private final int[] step;
    /** Residual capacity of the edge from pixel i towards its neighbour k: {@code cap[4 * i + k]}. */
    private final float[] cap;
    /** Residual terminal capacity: > 0 from the source, < 0 to the sink. */
    private final float[] term;
    private final byte[] tree;
    private final byte[] parent;
    /** Distance to the terminal and the time it was last checked, as in the paper's heuristics. */
    private final int[] dist;
    private final int[] stamp;
    private final boolean[] queued;
    /** Bit k set where pixel i has a neighbour in direction k: the grid's border, read once. */
    private final byte[] sides;
    /** The terminal capacities last given, so that a later round's change can be applied to the residual. */
    private final float[] given;
    /** Pixels whose terminal capacity changed since the last solve (each once), and whether one is listed. */
    private final IntQueue changed;
    private final boolean[] listed;
    private boolean solved;
    /** FIFO queues of pixel indices; a pixel is in each at most once, so w * h slots suffice. */
    private final IntQueue active;
    private final IntQueue orphans;
    /** The nodes of the path being augmented, source side then sink side; a path visits a node once. */
    private final int[] path;
    private int time;
    /** Direction of the edge by which the S node that growUntilContact returns touches the T tree. */
    private int contactDir;

    public GraphCut(int w, int h) {
        this.w = w;
        this.h = h;
        step = new int[] {1, -1, w, -w};
        int n = w * h;
        cap = new float[4 * n];
        term = new float[n];
        tree = new byte[n];
        parent = new byte[n];
        dist = new int[n];
        stamp = new int[n];
        queued = new boolean[n];
        active = new IntQueue(n);
        orphans = new IntQueue(n);
        path = new int[n];
        sides = new byte[n];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                sides[y * w + x] = (byte) ((x + 1 < w ? 1 << RIGHT : 0) | (x > 0 ? 1 << LEFT : 0)
                        | (y + 1 < h ? 1 << DOWN : 0) | (y > 0 ? 1 << UP : 0));
            }
        }
        given = new float[n];
        changed = new IntQueue(n);
        listed = new boolean[n];
    }

    /**
     * Pixel i's terminal capacity. After a {@link #solve()} it may be changed for the next solve, which then
     * starts from the flow found (Kohli and Torr's dynamic graph cuts): GrabCut's rounds change only the
     * terminals, and most of the flow stays where it was.
     */
    public void terminal(int i, float capacity) {
        if (!solved) {
            term[i] = capacity;
        } else if (capacity != given[i]) {
            // the residual takes the change; calling a capacity c_s - c_t, both sides may grow by the same
            // amount without moving the cut, so a residual of either sign stays valid
            term[i] += capacity - given[i];
            if (!listed[i]) {
                listed[i] = true;
                changed.add(i);
            }
        }
        given[i] = capacity;
    }

    /** An undirected edge of the given capacity between pixel i and its right (k=0) or lower (k=2) neighbour. */
    public void edge(int i, int k, float capacity) {
        int j = neighbour(i, k);
        cap[4 * i + k] = capacity;
        cap[4 * j + (k ^ 1)] = capacity;
    }

    public boolean source(int i) {
        return tree[i] == S;
    }

    private int neighbour(int i, int k) {
        return i + step[k];
    }

    private boolean inside(int i, int k) {
        return (sides[i] & (1 << k)) != 0;
    }

    public void solve() {
        if (solved) {
            time++;
            while (!changed.isEmpty()) {
                int i = changed.poll();
                listed[i] = false;
                retree(i);
            }
            adoptOrphans();
        } else {
            int n = w * h;
            for (int i = 0; i < n; i++) {
                if (term[i] != 0) {
                    tree[i] = term[i] > 0 ? S : T;
                    parent[i] = TERMINAL;
                    dist[i] = 1;
                    activate(i);
                } else {
                    parent[i] = NONE;
                }
            }
            time = 1;
            solved = true;
        }
        int p;
        while ((p = growUntilContact()) >= 0) {
            // the contact edge leaves p in the direction stored in contactDir
            time++;
            augment(p, contactDir);
            adoptOrphans();
        }
    }

    /**
     * Puts pixel i, whose terminal residual changed, where that residual says: a root of the tree on its
     * residual's side (its children orphans if it changes tree), or an orphan where none is left.
     */
    private void retree(int i) {
        // the trees' edge may have moved here: every neighbour in a tree looks again
        for (int k = 0; k < 4; k++) {
            if (inside(i, k) && tree[neighbour(i, k)] != FREE) activate(neighbour(i, k));
        }
        float t = term[i];
        if (t == 0) {
            if (tree[i] != FREE && parent[i] == TERMINAL) orphan(i);
            return;
        }
        byte own = t > 0 ? S : T;
        if (tree[i] != own && tree[i] != FREE) {
            for (int k = 0; k < 4; k++) {
                if (!inside(i, k)) continue;
                int q = neighbour(i, k);
                if (tree[q] == tree[i] && parent[q] != NONE && parent[q] != TERMINAL && neighbour(q, parent[q]) == i) {
                    orphan(q);
                }
            }
        }
        tree[i] = own;
        parent[i] = TERMINAL;
        dist[i] = 1;
        stamp[i] = time;
        activate(i);
    }

    /** Grows both trees from the active nodes until an S node touches a T node; returns it or -1. */
    private int growUntilContact() {
        while (!active.isEmpty()) {
            int p = active.peek();
            if (tree[p] == FREE) {
                active.poll();
                queued[p] = false;
                continue;
            }
            for (int k = 0; k < 4; k++) {
                if (!inside(p, k)) continue;
                int q = neighbour(p, k);
                // residual along the tree's direction: S grows p->q, T grows q->p
                float c = tree[p] == S ? cap[4 * p + k] : cap[4 * q + (k ^ 1)];
                if (c <= 0) continue;
                if (tree[q] == FREE) {
                    tree[q] = tree[p];
                    parent[q] = (byte) (k ^ 1);
                    dist[q] = dist[p] + 1;
                    stamp[q] = stamp[p];
                    activate(q);
                } else if (tree[q] != tree[p]) {
                    if (tree[p] == S) {
                        contactDir = k;
                        return p;
                    }
                    contactDir = k ^ 1;
                    return q;
                } else if (stamp[q] <= stamp[p] && dist[q] > dist[p]) {
                    // a shorter way to the terminal: re-parent (the paper's heuristic)
                    parent[q] = (byte) (k ^ 1);
                    dist[q] = dist[p] + 1;
                    stamp[q] = stamp[p];
                }
            }
            active.poll();
            queued[p] = false;
        }
        return -1;
    }

    private void activate(int i) {
        if (!queued[i]) {
            queued[i] = true;
            active.add(i);
        }
    }

    /** Pushes the bottleneck along source -> ... -> s -> t -> ... -> sink, where s reaches t by direction k. */
    private void augment(int s, int k) {
        int t = neighbour(s, k);
        // one walk up each tree finds both the bottleneck and the root (min is exact in any order), and
        // records the path, so that pushing the flow need not walk the parents again
        float flow = cap[4 * s + k];
        int ns = 0;
        int rs = s;
        while (parent[rs] != TERMINAL) {
            int up = neighbour(rs, parent[rs]);
            flow = Math.min(flow, cap[4 * up + (parent[rs] ^ 1)]);
            path[ns++] = rs;
            rs = up;
        }
        int nt = ns;
        int rt = t;
        while (parent[rt] != TERMINAL) {
            flow = Math.min(flow, cap[4 * rt + parent[rt]]);
            path[nt++] = rt;
            rt = neighbour(rt, parent[rt]);
        }
        flow = Math.min(flow, Math.min(term[rs], -term[rt]));

        cap[4 * s + k] -= flow;
        cap[4 * t + (k ^ 1)] += flow;
        for (int x = 0; x < ns; x++) {
            int i = path[x];
            int up = parent[i];
            int j = neighbour(i, up);
            cap[4 * j + (up ^ 1)] -= flow;
            cap[4 * i + up] += flow;
            if (cap[4 * j + (up ^ 1)] <= 0) {
                orphan(i);
            }
        }
        term[rs] -= flow;
        if (term[rs] <= 0) {
            orphan(rs);
        }
        for (int x = ns; x < nt; x++) {
            int i = path[x];
            int up = parent[i];
            int j = neighbour(i, up);
            cap[4 * i + up] -= flow;
            cap[4 * j + (up ^ 1)] += flow;
            if (cap[4 * i + up] <= 0) {
                orphan(i);
            }
        }
        term[rt] += flow;
        if (term[rt] >= 0) {
            orphan(rt);
        }
    }

    private void orphan(int i) {
        parent[i] = NONE;
        orphans.add(i);
    }

    private void adoptOrphans() {
        while (!orphans.isEmpty()) {
            int p = orphans.poll();
            if (parent[p] != NONE) continue;
            adopt(p);
        }
    }

    private void adopt(int p) {
        byte own = tree[p];
        int best = -1;
        int bestDist = Integer.MAX_VALUE;
        for (int k = 0; k < 4; k++) {
            if (!inside(p, k)) continue;
            int q = neighbour(p, k);
            if (tree[q] != own) continue;
            float c = own == S ? cap[4 * q + (k ^ 1)] : cap[4 * p + k];
            if (c <= 0) continue;
            int d = originDistance(q);
            if (d >= 0 && d < bestDist) {
                best = k;
                bestDist = d;
            }
        }
        if (best >= 0) {
            parent[p] = (byte) best;
            stamp[p] = time;
            dist[p] = bestDist + 1;
            return;
        }
        // no valid parent: p leaves its tree; its children become orphans, its neighbours may regrow it
        for (int k = 0; k < 4; k++) {
            if (!inside(p, k)) continue;
            int q = neighbour(p, k);
            if (tree[q] != own) continue;
            float c = own == S ? cap[4 * q + (k ^ 1)] : cap[4 * p + k];
            if (c > 0) activate(q);
            if (parent[q] != NONE && parent[q] != TERMINAL && neighbour(q, parent[q]) == p) {
                orphan(q);
            }
        }
        tree[p] = FREE;
    }

    /** Distance of q to its terminal through valid parents, or -1 when its chain ends at an orphan. */
    private int originDistance(int q) {
        int d = 0;
        int i = q;
        while (true) {
            if (stamp[i] == time) {
                d += dist[i];
                break;
            }
            if (parent[i] == TERMINAL) {
                stamp[i] = time;
                dist[i] = 1;
                d += 1;
                break;
            }
            if (parent[i] == NONE) {
                return -1;
            }
            d++;
            i = neighbour(i, parent[i]);
        }
        // mark the chain so later checks stop early
        int dd = d;
        for (int j = q; stamp[j] != time; j = neighbour(j, parent[j])) {
            stamp[j] = time;
            dist[j] = dd--;
        }
        return d;
    }

    /** A ring buffer of ints: the queues run on every upload, so no boxing. */
    private static final class IntQueue {
        private final int[] items;
        private int head;
        private int size;

        IntQueue(int capacity) {
            items = new int[Math.max(1, capacity)];
        }

        boolean isEmpty() {
            return size == 0;
        }

        void add(int v) {
            int t = head + size;
            items[t >= items.length ? t - items.length : t] = v;
            size++;
        }

        int peek() {
            return items[head];
        }

        int poll() {
            int v = items[head];
            head = head + 1 == items.length ? 0 : head + 1;
            size--;
            return v;
        }
    }
}
