in vec3 v_world;
in vec3 v_normal;
in vec2 v_uv;
in vec3 v_color;

uniform vec3 u_eye;
uniform vec3 u_light_dir;   // towards the key light, world space
uniform vec3 u_color;       // linear RGB
uniform int u_vertex_colors;
uniform int u_textured;
uniform sampler2D u_texture;
uniform float u_alpha;

out vec4 frag_color;

void main() {
    vec3 n = normalize(v_normal);
    if (!gl_FrontFacing) n = -n; // open meshes from files show their inside too
    vec3 base = u_vertex_colors == 1 ? v_color : u_color;
    if (u_textured == 1) base *= texture(u_texture, v_uv).rgb;
    vec3 v = normalize(u_eye - v_world);
    float key = max(dot(n, u_light_dir), 0.0);
    float fill = max(dot(n, normalize(vec3(-u_light_dir.x, 0.3, -u_light_dir.z))), 0.0);
    float sky = 0.5 + 0.5 * n.y;
    vec3 h = normalize(u_light_dir + v);
    float spec = pow(max(dot(n, h), 0.0), 40.0) * 0.18;
    float rim = pow(1.0 - max(dot(n, v), 0.0), 3.0) * 0.12;
    vec3 lit = base * (0.22 * sky + 0.78 * key + 0.22 * fill) + vec3(spec + rim);
    frag_color = vec4(pow(lit, vec3(1.0 / 2.2)), u_alpha);
}
