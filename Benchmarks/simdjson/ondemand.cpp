// simdjson On-Demand filling C++ structs equivalent to the Swift benchmark models
// (Benchmarks/Benchmarks/MappingBenchmarks/*Models.swift): the speed anchor for "Data → models".
//
//   ondemand <payload dir> <iterations>
//
// For each payload it prints one line:
//   simdjson <payload> <median µs per parse> <bytes> <checksum> <median µs before freeing>
// A parse is timed from the first byte until its structs are freed again, as the Swift rows' clock runs
// until their models are released: the structs' strings and vectors are freed inside the clock. The
// last figure is the same parses' median without the freeing, for comparison only.
// The checksum is recomputed from the same JSON by run.sh (Python's json), so a struct that is not
// filled the way the Swift model is fails the run instead of timing less work.
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

using namespace simdjson;

// ---------------------------------------------------------------- models (same fields as Swift)

namespace twitter {
struct Hashtag { std::string text; std::vector<int64_t> indices; };
struct URLEntity { std::string url, expanded_url, display_url; std::vector<int64_t> indices; };
struct Mention { std::string screen_name, name; int64_t id = 0; std::string id_str; std::vector<int64_t> indices; };
struct Entities { std::vector<Hashtag> hashtags; std::vector<URLEntity> urls; std::vector<Mention> user_mentions; };
struct User {
    int64_t id = 0; std::string id_str, name, screen_name, location, description;
    std::optional<std::string> url; bool is_protected = false;
    int64_t followers_count = 0, friends_count = 0, listed_count = 0; std::string created_at;
    int64_t favourites_count = 0; std::optional<int64_t> utc_offset; std::optional<std::string> time_zone;
    bool geo_enabled = false, verified = false; int64_t statuses_count = 0;
    std::string lang, profile_image_url, profile_background_color; bool default_profile = false;
};
struct Status {
    int64_t id = 0; std::string id_str, text, created_at, source; bool truncated = false;
    std::optional<int64_t> in_reply_to_status_id, in_reply_to_user_id; std::optional<std::string> in_reply_to_screen_name;
    User user; Entities entities; int64_t retweet_count = 0, favorite_count = 0;
    bool favorited = false, retweeted = false; std::string lang;
};
struct SearchMetadata {
    double completed_in = 0; int64_t max_id = 0; std::string max_id_str; std::optional<std::string> next_results;
    std::string query, refresh_url; int64_t count = 0, since_id = 0; std::string since_id_str;
};
struct Feed { std::vector<Status> statuses; SearchMetadata search_metadata; };
}  // namespace twitter

namespace citm {
struct Area { int64_t areaId = 0; std::vector<int64_t> blockIds; };
struct SeatCategory { std::vector<Area> areas; int64_t seatCategoryId = 0; };
struct Price { int64_t amount = 0, audienceSubCategoryId = 0, seatCategoryId = 0; };
struct Performance {
    int64_t eventId = 0, id = 0; std::optional<std::string> logo, name; std::vector<Price> prices;
    std::vector<SeatCategory> seatCategories; std::optional<std::string> seatMapImage; int64_t start = 0;
    std::string venueCode;
};
struct Event {
    std::optional<std::string> description; int64_t id = 0; std::optional<std::string> logo; std::string name;
    std::vector<int64_t> subTopicIds; std::optional<std::string> subjectCode, subtitle; std::vector<int64_t> topicIds;
};
using Names = std::unordered_map<std::string, std::string>;
struct Catalog {
    Names areaNames, audienceSubCategoryNames, blockNames; std::unordered_map<std::string, Event> events;
    std::vector<Performance> performances; Names seatCategoryNames, subTopicNames, subjectNames, topicNames;
    std::unordered_map<std::string, std::vector<int64_t>> topicSubTopics; Names venueNames;
};
}  // namespace citm

namespace github {
struct Actor { int64_t id = 0; std::string login, gravatar_id, avatar_url, url; };
struct Repo { int64_t id = 0; std::string name, url; };
struct Event {
    std::string id, type, created_at; Actor actor; Repo repo; bool is_public = false; std::optional<Actor> org;
};
}  // namespace github

namespace canada {
struct Geometry { std::string type; std::vector<std::vector<std::vector<double>>> coordinates; };
struct Feature { std::string type; std::unordered_map<std::string, std::string> properties; Geometry geometry; };
struct Collection { std::string type; std::vector<Feature> features; };
}  // namespace canada

// ---------------------------------------------------------------- readers

namespace {

[[noreturn]] void fail(const char* what, error_code code) {
    std::fprintf(stderr, "ondemand: %s: %s\n", what, error_message(code));
    std::exit(1);
}

template <typename T> T check(simdjson_result<T> result, const char* what) {
    T value;
    if (auto code = std::move(result).get(value)) fail(what, code);
    return value;
}

std::string str(ondemand::value v) { return std::string(check(v.get_string(), "string")); }
int64_t i64(ondemand::value v) { return check(v.get_int64(), "int64"); }
bool boolean(ondemand::value v) { return check(v.get_bool(), "bool"); }
bool null(ondemand::value& v) { return check(v.is_null(), "null"); }
std::optional<std::string> opt_str(ondemand::value v) { return null(v) ? std::nullopt : std::optional(str(v)); }
std::optional<int64_t> opt_i64(ondemand::value v) { return null(v) ? std::nullopt : std::optional(i64(v)); }

std::vector<int64_t> ints(ondemand::value v) {
    std::vector<int64_t> out;
    for (auto element : check(v.get_array(), "array")) out.push_back(check(element.get_int64(), "int64"));
    return out;
}

template <typename T, typename F> std::vector<T> array_of(ondemand::value v, F read) {
    std::vector<T> out;
    for (auto element : check(v.get_array(), "array")) out.push_back(read(check(std::move(element), "element")));
    return out;
}

std::unordered_map<std::string, std::string> names(ondemand::value v) {
    std::unordered_map<std::string, std::string> out;
    for (auto field : check(v.get_object(), "object")) {
        std::string key(check(field.unescaped_key(), "key"));
        out.insert_or_assign(std::move(key), str(field.value()));
    }
    return out;
}

// Walks an object's members in document order, handing each key and value to `body`; members the
// model does not know are skipped by the iterator.
template <typename F> void members(ondemand::value v, F body) {
    for (auto field : check(v.get_object(), "object")) {
        std::string_view key = check(field.unescaped_key(), "key");
        body(key, field.value());
    }
}

// twitter
twitter::User read_user(ondemand::value v) {
    twitter::User u;
    members(v, [&](std::string_view k, ondemand::value x) {
        if (k == "id") u.id = i64(x);
        else if (k == "id_str") u.id_str = str(x);
        else if (k == "name") u.name = str(x);
        else if (k == "screen_name") u.screen_name = str(x);
        else if (k == "location") u.location = str(x);
        else if (k == "description") u.description = str(x);
        else if (k == "url") u.url = opt_str(x);
        else if (k == "protected") u.is_protected = boolean(x);
        else if (k == "followers_count") u.followers_count = i64(x);
        else if (k == "friends_count") u.friends_count = i64(x);
        else if (k == "listed_count") u.listed_count = i64(x);
        else if (k == "created_at") u.created_at = str(x);
        else if (k == "favourites_count") u.favourites_count = i64(x);
        else if (k == "utc_offset") u.utc_offset = opt_i64(x);
        else if (k == "time_zone") u.time_zone = opt_str(x);
        else if (k == "geo_enabled") u.geo_enabled = boolean(x);
        else if (k == "verified") u.verified = boolean(x);
        else if (k == "statuses_count") u.statuses_count = i64(x);
        else if (k == "lang") u.lang = str(x);
        else if (k == "profile_image_url") u.profile_image_url = str(x);
        else if (k == "profile_background_color") u.profile_background_color = str(x);
        else if (k == "default_profile") u.default_profile = boolean(x);
    });
    return u;
}

twitter::Entities read_entities(ondemand::value v) {
    twitter::Entities e;
    members(v, [&](std::string_view k, ondemand::value x) {
        if (k == "hashtags") {
            e.hashtags = array_of<twitter::Hashtag>(x, [](ondemand::value h) {
                twitter::Hashtag t;
                members(h, [&](std::string_view hk, ondemand::value hv) {
                    if (hk == "text") t.text = str(hv);
                    else if (hk == "indices") t.indices = ints(hv);
                });
                return t;
            });
        } else if (k == "urls") {
            e.urls = array_of<twitter::URLEntity>(x, [](ondemand::value h) {
                twitter::URLEntity t;
                members(h, [&](std::string_view hk, ondemand::value hv) {
                    if (hk == "url") t.url = str(hv);
                    else if (hk == "expanded_url") t.expanded_url = str(hv);
                    else if (hk == "display_url") t.display_url = str(hv);
                    else if (hk == "indices") t.indices = ints(hv);
                });
                return t;
            });
        } else if (k == "user_mentions") {
            e.user_mentions = array_of<twitter::Mention>(x, [](ondemand::value h) {
                twitter::Mention t;
                members(h, [&](std::string_view hk, ondemand::value hv) {
                    if (hk == "screen_name") t.screen_name = str(hv);
                    else if (hk == "name") t.name = str(hv);
                    else if (hk == "id") t.id = i64(hv);
                    else if (hk == "id_str") t.id_str = str(hv);
                    else if (hk == "indices") t.indices = ints(hv);
                });
                return t;
            });
        }
    });
    return e;
}

twitter::Status read_status(ondemand::value v) {
    twitter::Status s;
    members(v, [&](std::string_view k, ondemand::value x) {
        if (k == "id") s.id = i64(x);
        else if (k == "id_str") s.id_str = str(x);
        else if (k == "text") s.text = str(x);
        else if (k == "created_at") s.created_at = str(x);
        else if (k == "source") s.source = str(x);
        else if (k == "truncated") s.truncated = boolean(x);
        else if (k == "in_reply_to_status_id") s.in_reply_to_status_id = opt_i64(x);
        else if (k == "in_reply_to_user_id") s.in_reply_to_user_id = opt_i64(x);
        else if (k == "in_reply_to_screen_name") s.in_reply_to_screen_name = opt_str(x);
        else if (k == "user") s.user = read_user(x);
        else if (k == "entities") s.entities = read_entities(x);
        else if (k == "retweet_count") s.retweet_count = i64(x);
        else if (k == "favorite_count") s.favorite_count = i64(x);
        else if (k == "favorited") s.favorited = boolean(x);
        else if (k == "retweeted") s.retweeted = boolean(x);
        else if (k == "lang") s.lang = str(x);
    });
    return s;
}

twitter::Feed read_twitter(ondemand::value v) {
    twitter::Feed f;
    members(v, [&](std::string_view k, ondemand::value x) {
        if (k == "statuses") {
            f.statuses = array_of<twitter::Status>(x, read_status);
        } else if (k == "search_metadata") {
            auto& m = f.search_metadata;
            members(x, [&](std::string_view mk, ondemand::value mv) {
                if (mk == "completed_in") m.completed_in = check(mv.get_double(), "double");
                else if (mk == "max_id") m.max_id = i64(mv);
                else if (mk == "max_id_str") m.max_id_str = str(mv);
                else if (mk == "next_results") m.next_results = opt_str(mv);
                else if (mk == "query") m.query = str(mv);
                else if (mk == "refresh_url") m.refresh_url = str(mv);
                else if (mk == "count") m.count = i64(mv);
                else if (mk == "since_id") m.since_id = i64(mv);
                else if (mk == "since_id_str") m.since_id_str = str(mv);
            });
        }
    });
    return f;
}

// citm_catalog
citm::Performance read_performance(ondemand::value v) {
    citm::Performance p;
    members(v, [&](std::string_view k, ondemand::value x) {
        if (k == "eventId") p.eventId = i64(x);
        else if (k == "id") p.id = i64(x);
        else if (k == "logo") p.logo = opt_str(x);
        else if (k == "name") p.name = opt_str(x);
        else if (k == "prices") {
            p.prices = array_of<citm::Price>(x, [](ondemand::value pv) {
                citm::Price price;
                members(pv, [&](std::string_view pk, ondemand::value px) {
                    if (pk == "amount") price.amount = i64(px);
                    else if (pk == "audienceSubCategoryId") price.audienceSubCategoryId = i64(px);
                    else if (pk == "seatCategoryId") price.seatCategoryId = i64(px);
                });
                return price;
            });
        } else if (k == "seatCategories") {
            p.seatCategories = array_of<citm::SeatCategory>(x, [](ondemand::value sv) {
                citm::SeatCategory category;
                members(sv, [&](std::string_view sk, ondemand::value sx) {
                    if (sk == "seatCategoryId") category.seatCategoryId = i64(sx);
                    else if (sk == "areas") {
                        category.areas = array_of<citm::Area>(sx, [](ondemand::value av) {
                            citm::Area area;
                            members(av, [&](std::string_view ak, ondemand::value ax) {
                                if (ak == "areaId") area.areaId = i64(ax);
                                else if (ak == "blockIds") area.blockIds = ints(ax);
                            });
                            return area;
                        });
                    }
                });
                return category;
            });
        } else if (k == "seatMapImage") p.seatMapImage = opt_str(x);
        else if (k == "start") p.start = i64(x);
        else if (k == "venueCode") p.venueCode = str(x);
    });
    return p;
}

citm::Event read_event(ondemand::value v) {
    citm::Event e;
    members(v, [&](std::string_view k, ondemand::value x) {
        if (k == "description") e.description = opt_str(x);
        else if (k == "id") e.id = i64(x);
        else if (k == "logo") e.logo = opt_str(x);
        else if (k == "name") e.name = str(x);
        else if (k == "subTopicIds") e.subTopicIds = ints(x);
        else if (k == "subjectCode") e.subjectCode = opt_str(x);
        else if (k == "subtitle") e.subtitle = opt_str(x);
        else if (k == "topicIds") e.topicIds = ints(x);
    });
    return e;
}

citm::Catalog read_citm(ondemand::value v) {
    citm::Catalog c;
    members(v, [&](std::string_view k, ondemand::value x) {
        if (k == "areaNames") c.areaNames = names(x);
        else if (k == "audienceSubCategoryNames") c.audienceSubCategoryNames = names(x);
        else if (k == "blockNames") c.blockNames = names(x);
        else if (k == "events") {
            for (auto field : check(x.get_object(), "object")) {
                std::string key(check(field.unescaped_key(), "key"));
                c.events.insert_or_assign(std::move(key), read_event(field.value()));
            }
        } else if (k == "performances") c.performances = array_of<citm::Performance>(x, read_performance);
        else if (k == "seatCategoryNames") c.seatCategoryNames = names(x);
        else if (k == "subTopicNames") c.subTopicNames = names(x);
        else if (k == "subjectNames") c.subjectNames = names(x);
        else if (k == "topicNames") c.topicNames = names(x);
        else if (k == "topicSubTopics") {
            for (auto field : check(x.get_object(), "object")) {
                std::string key(check(field.unescaped_key(), "key"));
                c.topicSubTopics.insert_or_assign(std::move(key), ints(field.value()));
            }
        } else if (k == "venueNames") c.venueNames = names(x);
    });
    return c;
}

// github_events
github::Actor read_actor(ondemand::value v) {
    github::Actor a;
    members(v, [&](std::string_view k, ondemand::value x) {
        if (k == "id") a.id = i64(x);
        else if (k == "login") a.login = str(x);
        else if (k == "gravatar_id") a.gravatar_id = str(x);
        else if (k == "avatar_url") a.avatar_url = str(x);
        else if (k == "url") a.url = str(x);
    });
    return a;
}

std::vector<github::Event> read_github(ondemand::value v) {
    return array_of<github::Event>(v, [](ondemand::value ev) {
        github::Event e;
        members(ev, [&](std::string_view k, ondemand::value x) {
            if (k == "id") e.id = str(x);
            else if (k == "type") e.type = str(x);
            else if (k == "created_at") e.created_at = str(x);
            else if (k == "actor") e.actor = read_actor(x);
            else if (k == "repo") {
                members(x, [&](std::string_view rk, ondemand::value rx) {
                    if (rk == "id") e.repo.id = i64(rx);
                    else if (rk == "name") e.repo.name = str(rx);
                    else if (rk == "url") e.repo.url = str(rx);
                });
            } else if (k == "public") e.is_public = boolean(x);
            else if (k == "org") {
                if (!null(x)) e.org = read_actor(x);
            }
        });
        return e;
    });
}

// canada
canada::Collection read_canada(ondemand::value v) {
    canada::Collection c;
    members(v, [&](std::string_view k, ondemand::value x) {
        if (k == "type") c.type = str(x);
        else if (k == "features") {
            c.features = array_of<canada::Feature>(x, [](ondemand::value fv) {
                canada::Feature f;
                members(fv, [&](std::string_view fk, ondemand::value fx) {
                    if (fk == "type") f.type = str(fx);
                    else if (fk == "properties") f.properties = names(fx);
                    else if (fk == "geometry") {
                        members(fx, [&](std::string_view gk, ondemand::value gx) {
                            if (gk == "type") f.geometry.type = str(gx);
                            else if (gk == "coordinates") {
                                for (auto ring : check(gx.get_array(), "array")) {
                                    auto& points = f.geometry.coordinates.emplace_back();
                                    for (auto point : check(ring.get_array(), "array")) {
                                        auto& xy = points.emplace_back();
                                        for (auto number : check(point.get_array(), "array")) {
                                            xy.push_back(check(number.get_double(), "double"));
                                        }
                                    }
                                }
                            }
                        });
                    }
                });
                return f;
            });
        }
    });
    return c;
}

#ifndef ONDEMAND_LIBRARY
// ---------------------------------------------------------------- checksums (mirrored in run.sh)

long double checksum(const twitter::Feed& f) {
    long double sum = static_cast<long double>(f.statuses.size()) + f.search_metadata.count;
    for (const auto& s : f.statuses) {
        sum += s.retweet_count + s.user.followers_count + s.entities.hashtags.size() + s.entities.urls.size()
            + s.entities.user_mentions.size() + s.text.size() + s.user.screen_name.size() + (s.user.url ? 1 : 0);
    }
    return sum;
}

long double checksum(const citm::Catalog& c) {
    long double sum = static_cast<long double>(c.events.size()) + c.performances.size() + c.areaNames.size()
        + c.topicSubTopics.size();
    for (const auto& p : c.performances) {
        for (const auto& price : p.prices) sum += price.amount;
        for (const auto& category : p.seatCategories) sum += category.areas.size();
        sum += p.name ? 1 : 0;
    }
    for (const auto& [key, e] : c.events) sum += e.topicIds.size() + e.name.size();
    return sum;
}

long double checksum(const std::vector<github::Event>& events) {
    long double sum = static_cast<long double>(events.size());
    for (const auto& e : events) sum += e.actor.id + e.repo.id + e.type.size() + (e.org ? 1 : 0) + (e.is_public ? 1 : 0);
    return sum;
}

long double checksum(const canada::Collection& c) {
    long double sum = static_cast<long double>(c.features.size());
    for (const auto& f : c.features) {
        for (const auto& ring : f.geometry.coordinates) {
            for (const auto& point : ring) {
                for (double value : point) sum += value;
            }
        }
    }
    return sum;
}

template <typename Read>
void bench(const std::string& dir, const char* payload, int iterations, Read read) {
    std::string path = dir + "/" + payload + ".json";
    padded_string json;
    if (auto code = padded_string::load(path).get(json)) fail(path.c_str(), code);
    ondemand::parser parser;
    // One untimed parse gives the checksum: checksums are not part of the parse.
    long double sum;
    {
        ondemand::document doc = check(parser.iterate(json), "iterate");
        sum = checksum(read(check(doc.get_value(), "document")));
    }
    std::vector<double> micros, beforeFreeing;
    for (int i = 0; i < iterations; i++) {
        auto start = std::chrono::steady_clock::now();
        std::chrono::steady_clock::time_point filled;
        {
            ondemand::document doc = check(parser.iterate(json), "iterate");
            auto model = read(check(doc.get_value(), "document"));
            // The structs are used, so the compiler keeps their filling.
            asm volatile("" : : "g"(&model) : "memory");
            filled = std::chrono::steady_clock::now();
        }  // the structs are freed here, inside the clock
        auto end = std::chrono::steady_clock::now();
        micros.push_back(std::chrono::duration<double, std::micro>(end - start).count());
        beforeFreeing.push_back(std::chrono::duration<double, std::micro>(filled - start).count());
    }
    std::sort(micros.begin(), micros.end());
    std::sort(beforeFreeing.begin(), beforeFreeing.end());
    std::printf("simdjson %s %.3f %zu %.6Lf %.3f\n", payload, micros[micros.size() / 2], json.size(), sum,
                beforeFreeing[beforeFreeing.size() / 2]);
}

#endif

}  // namespace

#ifdef ONDEMAND_LIBRARY
// Built as a shared library too (run.sh builds both): Benchmarks/Profile's `ratio` mode loads it and
// times a batch of these reads between batches of its own, so that both sides of a ratio run in one
// process, round by round, under the same load.
namespace {

/// One payload's reads, each until its structs are freed, and the seconds they took.
template <typename Read>
double time_reads(const padded_string& json, ondemand::parser& parser, int iterations, Read read) {
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < iterations; i++) {
        ondemand::document doc = check(parser.iterate(json), "iterate");
        auto model = read(check(doc.get_value(), "document"));
        asm volatile("" : : "g"(&model) : "memory");
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace


/// The mean µs per read of `iterations` reads of `<dir>/<payload>.json`, each until its structs are
/// freed; the payload is loaded on the first call. -1 for a payload it does not know or cannot load.
extern "C" double ondemand_read_micros(const char* dir, const char* payload, int iterations) {
    static std::unordered_map<std::string, padded_string> loaded;
    static ondemand::parser parser;
    std::string name(payload);
    auto found = loaded.find(name);
    if (found == loaded.end()) {
        padded_string json;
        if (padded_string::load(std::string(dir) + "/" + name + ".json").get(json)) return -1;
        found = loaded.emplace(name, std::move(json)).first;
    }
    double seconds;
    if (name == "twitter") seconds = time_reads(found->second, parser, iterations, read_twitter);
    else if (name == "citm_catalog") seconds = time_reads(found->second, parser, iterations, read_citm);
    else if (name == "github_events") seconds = time_reads(found->second, parser, iterations, read_github);
    else if (name == "canada") seconds = time_reads(found->second, parser, iterations, read_canada);
    else return -1;
    return seconds * 1e6 / iterations;
}
#else
int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s <payload dir> <iterations>\n", argv[0]);
        return 2;
    }
    std::string dir = argv[1];
    int iterations = std::max(1, std::atoi(argv[2]));
    // Stage 1 is dispatched at run time inside libsimdjson; the On-Demand stage 2 is compiled into
    // this file for the kernel the compiler flags allow (SIMDJSON_BUILTIN_IMPLEMENTATION).
    std::printf("implementation %s (builtin %s)\n", get_active_implementation()->name().c_str(),
                SIMDJSON_STRINGIFY(SIMDJSON_BUILTIN_IMPLEMENTATION));
    bench(dir, "twitter", iterations, read_twitter);
    bench(dir, "citm_catalog", iterations, read_citm);
    bench(dir, "github_events", iterations, read_github);
    bench(dir, "canada", iterations, read_canada);
    return 0;
}
#endif
