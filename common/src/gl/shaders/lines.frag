in vec3 f_color;
in vec2 f_corner;
uniform int u_round;
out vec4 frag_color;

void main() {
    float d = length(f_corner);
    if (u_round == 1 && d > 1.0) discard;
    // Points get a dark rim so they read on any background.
    vec3 c = (u_round == 1 && d > 0.7) ? f_color * 0.35 : f_color;
    frag_color = vec4(c, 1.0);
}
